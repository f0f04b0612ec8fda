"""The site's words for the engine's codes and numbers, in the learner's language.

One package, one concern a module:

* :mod:`~tutor.words.cards`: card, rank and suit names;
* :mod:`~tutor.words.terms`: hand categories, bets, results, outcomes, paytables,
  definitions, betting structures, streets, seats and players;
* :mod:`~tutor.words.hands`: a hand described ("a pair of kings");
* :mod:`~tutor.words.showdowns`: who won a showdown and what decided it;
* :mod:`~tutor.words.narrate`: the hand history as sentences;
* :mod:`~tutor.words.reasons`: why an action is not allowed;
* :mod:`~tutor.words.bots`: why a computer player acted;
* :mod:`~tutor.words.errors`: the engine's input errors and a bet slip's errors;
* :mod:`~tutor.words.questions`: why a drill question had to be replaced.

Every table maps a code to a whole message with named placeholders. The messages are
looked up when a sentence is made (tables built in functions, or ``pgettext_lazy``
values), so they follow the active language. A code without words raises
:class:`~tutor.words.base.MissingWords`: there is no generic sentence to fall back on.
"""
