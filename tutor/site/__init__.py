"""Site-wide parts of every page, above ``tutor.words`` and ``tutor.table``: the template
tags (``{% card %}``, ``num``, the language switcher), the context processor, the
middleware (the remembered language, Czech typography), the home page and the favicon,
and the ``compilecatalogs`` command. The locale data they read is ``tutor.core``."""
