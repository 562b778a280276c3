"""The request layer: the one way every HTTP view and websocket frame reads its input.

* ``integers`` — the one integer reader (ASCII digits only, in range);
* ``json_text`` — the one JSON reader (a depth limit; no lone surrogates, no
  ``NaN``, no NUL characters);
* ``fields`` — field types: storable ``Text``, ``matching`` (whole-value
  patterns), ``IntText``/``FlagText`` for text inputs, ``Integer`` for JSON;
* ``models`` — ``Input`` (JSON objects) and ``Params`` (query strings, forms,
  headers, path parts), and how a refusal is worded;
* ``http`` — ``@reads``, the declaration every view carries (Django).

``docs/architecture.md`` ("Reading requests") says how to use it.
"""
