"""Rank aggregation and list combination: plain functions ``f(orders, **params) -> order``.

``orders`` is a 2-D int array ``(m lists, p features)``, best first, or a sequence of partial
1-D orders (unranked features tie at the bottom). Give ``n_features`` (the total number of
features) for partial lists: equal-length top-k lists are otherwise read as full orders (and
refused when they hold larger indices), and lists of different lengths give
``p = 1 + the largest index listed`` (a UserWarning says so when no list is complete).
Ties inside a list: pass ``ranks=`` instead, a ``(m, p)`` rank matrix (equal values tie,
NaN = unranked).
Remaining ties in the result go to the lower feature index, or are broken at random with
``random_state`` (as Prati 2012 does). ``lin(X, y, ranker=...)`` is the exception: Lin's
baseline ranks bootstrap samples of the data itself with the ranker it is given, so it takes
the data, not a profile.
"""
from .._lazy import lazy_exports

_API = {
    # positional (Borda: Prati 2012; the relative-rank combiners of Izetta 2017)
    "borda": "positional", "average_sd": "positional", "best_rank": "positional",
    "q3_sd": "positional", "q3_positions_sd": "positional", "k_first": "positional",
    "relative_ranks": "positional",
    # pairwise (Condorcet sequential winners: Prati; Copeland = Izetta's "Condorcet"; Schulze)
    "condorcet": "pairwise", "copeland": "pairwise", "pairwise_margins": "paircounts",
    "pairwise_counts": "paircounts", "positions": "_profile",
    "schulze": "schulze_method", "schulze_ssd": "schulze_method",
    "strongest_paths": "schulze_method",
    # Markov chains: Dwork et al.'s MC1-MC4, DeConde et al.'s MCT; Prati's distance-weighted
    # PageRank "MC4"
    "mc1": "markov", "mc2": "markov", "mc3": "markov", "mc4": "markov", "mct": "markov",
    "markov_stationary": "markov",
    "prati_mc4": "markov", "prati_mc4_scores": "markov", "prati_mc4_weights": "markov",
    # Izetta 2017's six combiners by name, and the list combination they do
    "COMBINERS": "combine", "get_combiner": "combine", "combine_lists": "combine",
    # Lin's bootstrap baseline
    "lin": "lin_ensemble",
    # beyond the five papers: robust rank aggregation (Kolde 2012), IR fusion, Kemeny
    "rra": "robust_rank", "rra_scores": "robust_rank",
    "rrf": "fusion", "rrf_scores": "fusion", "combsum": "fusion", "combsum_scores": "fusion",
    "combmnz": "fusion", "combmnz_scores": "fusion", "normalize_scores": "fusion",
    "kemeny": "kemeny_young", "kendall_distance_total": "kemeny_young",
    "kemeny_ties": "kemeny_young", "kemeny_buckets": "kemeny_young",
    "kemeny_ties_distance_total": "kemeny_young",
}
__all__ = sorted(_API)
__getattr__, __dir__ = lazy_exports(__name__, _API)
