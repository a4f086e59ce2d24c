# cython: language_level=3
"""The folk cross games' shared compiled rules are inline functions (folk_rules.pxd);
this module gives their constants to the Python side."""
