"""The experiment grids each notebook runs: one package per paper, and the cross-paper benchmark.

Each package has the same roles: ``profiles.py`` (the notebook's profiles as frozen objects;
a notebook says ``S = PROFILES[profile]``), ``tasks.py`` (the stored task functions, each with
a stable name and version), ``summary.py`` (its claims, judged by the one rule book,
:mod:`featrank.experiments.claims`), ``run.py`` where a paper run has an order, and one named
module per investigation. ``your_ranker`` is the "evaluate your ranker" report.
"""
