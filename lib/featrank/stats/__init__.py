"""Statistical comparison of methods over several datasets: mean-rank tests (Demšar 2006),
pairwise tests with Holm's correction, Bayesian and resampling tests.

Every public name is importable from here (``from featrank.stats import friedman``):

- :mod:`.meanrank` -- Friedman + Iman-Davenport, Nemenyi (its CD and the cliques a CD
  diagram draws), Holm's test of every method against a control (Demšar 2006, Sec. 3.2.2).
"""
from .meanrank import (FriedmanResult, average_ranks, cliques, friedman, holm_vs_control,
                       nemenyi, nemenyi_cd, nemenyi_pairs, nemenyi_q, rank_se, rank_table)

__all__ = ["FriedmanResult", "average_ranks", "cliques", "friedman", "holm_vs_control",
           "nemenyi", "nemenyi_cd", "nemenyi_pairs", "nemenyi_q", "rank_se", "rank_table"]
