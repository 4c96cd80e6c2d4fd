"""Each page's computation, shared by its two editions (``book/<page>.md`` and
``book/ja/<page>.md``): ``pages/<chapter>/<page>.py`` (``-`` becomes ``_``) holds a ``Page``
class (``kit.twin.Twin``) whose first call computes, checks and glues every figure, and whose
methods show the boards, captions in both languages side by side. See book/README.md,
"Writing a Japanese page".
"""
