"""Feature rankers as scikit-learn estimators.

``Ranker(**params).fit(X, y)`` sets ``scores_`` (higher = more relevant), ``ranking_`` (rank
vector, 1 = best) and ``top_features_`` (the order, best first); every ranker is a
``SelectorMixin`` selector (``n_features_to_select``), so ``transform`` and ``Pipeline`` work.
A pandas DataFrame's ``category`` columns are nominal (``load(name, as_frame=True)`` gives such
a frame); an array is numeric unless the ranker's ``categorical`` says otherwise
(:mod:`.base` describes how ``fit`` reads ``X`` and ``y``).
"""
from .._lazy import lazy_exports

_API = {
    "BaseRanker": "base",
    # Weka's attribute evaluators (Prati 2012, Slavkov 2018/2020)
    "InfoGain": "entropy", "GainRatio": "entropy", "SymmetricUncertainty": "entropy",
    "ChiSquared": "entropy", "mdl_discretize": "discretize", "OneR": "oner",
    "ReliefF": "relieff", "RandomForestRanker": "forest",
    # SVM-RFE (Guyon 2002; binary and multiclass by decomposition, Izetta 2017)
    "SVMRFE": "svmrfe", "MulticlassSVMRFE": "multiclass", "ZhouMSVMRFE": "multiclass",
    # Quevedo 2007: the SPE-ranker and its rivals
    # (by family: SM beside SPE, Relief_k in reliefk beside ReliefF's module, FCBF beside the
    # entropy measures, the polynomial-kernel SVM rankers in margin; rankers.quevedo_rivals
    # names all seven)
    "SPERanker": "spe", "StoppigliaSM": "spe", "ReliefK": "reliefk", "GSReliefK": "reliefk",
    "FCBF": "entropy", "RakotomamonjyRFE": "margin", "DegroeveRFE": "margin", "R2W2": "margin",
}
__all__ = sorted(_API)
__getattr__, __dir__ = lazy_exports(__name__, _API)
