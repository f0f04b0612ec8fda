"""Site-wide parts of every page, above ``tutor.words`` and ``tutor.table``: the template
tags (``{% card %}``, ``num``, the language switcher), the context processor, the
middleware (the remembered language, Czech typography), the home page and the favicon,
the interface catalogs as the site loads them, broken entries left out (``catalogs.py``),
and the ``compilecatalogs`` command, which refuses those entries. The locale data they read is ``tutor.core``."""
