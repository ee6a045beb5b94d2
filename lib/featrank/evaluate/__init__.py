"""Evaluating rankings: error/performance curves (FFA, RFA, expected), ECA, AUC-FR,
stability, and the measures they use."""
from .._lazy import lazy_exports

_API = {
    # Slavkov 2020, Algorithm 1: forward/reverse feature addition, expected (random) curve
    "Curves": "curvetype", "error_curves": "curves", "expected_curve": "expected",
    "ranking_curves": "curves",
    "size_schedule": "sizes", "curve_area": "curvetype", "random_orders": "expected",
    "parse_sizes": "sizes", "fast_engine": "curves",
    # Slavkov 2020, Eqs. 1-4: Canberra stability
    "canberra": "stability", "expected_canberra": "stability", "stability_curve": "stability",
    "pairwise_canberra": "stability",
    # Nogueira, Sechidis & Brown 2018: stability of feature selection, CI and test
    "nogueira_stability": "nogueira", "nogueira_test": "nogueira",
    "NogueiraStability": "nogueira", "NogueiraTest": "nogueira",
    # stabm (Bommert & Lang 2021): stability adjusted for similar features (Yu et al. 2012,
    # Zucknick et al. 2008, intersection with a maximum bipartite matching)
    "yu_stability": "stability_adjusted", "zucknick_stability": "stability_adjusted",
    "intersection_mbm_stability": "stability_adjusted",
    # FFA above random (Holm over the sizes) and the one-SE subset size
    "informative_depth": "depth", "InformativeDepth": "depth",
    # Slavkov 2020, Eq. 6 and Appendix A2: agreement of rankings
    "spearman_rho": "agreement", "ranking_distance": "agreement",
    # Slavkov 2018, Eqs. 1-4: the ECA score
    "eca": "ecascore", "ffa_delta": "ecascore", "rfa_delta": "ecascore", "eca_vs_random": "ecascore",
    "eca_table": "ecascore", "curve_delta": "ecascore",
    # Quevedo 2007, Sec. 4.1: area under the ROC-FR curve
    "auc_fr": "aucfr", "roc_fr": "aucfr",
    # measures (Prati 2012: Hand & Till's multiclass AUC)
    "hand_till_auc": "metrics", "weka_f1": "metrics", "error_rate": "metrics", "PratiScorer": "metrics",
}
__all__ = sorted(_API)
__getattr__, __dir__ = lazy_exports(__name__, _API)
