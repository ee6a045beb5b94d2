"""The seven rivals of the SPE-ranker in Quevedo, Bahamonde & Luaces (2007), Sec. 2, and where
each lives (grouped by algorithm family):

* :class:`StoppigliaSM` (SM): Gram-Schmidt forward ranking by cos^2 with the target
  (Stoppiglia et al. 2003, Eq. 7), on the simplified polynomial expansion as in the paper
  -- :mod:`.spe`, beside the SPE-ranker.
* :class:`ReliefK`, :class:`GSReliefK`: the k-neighbour Relief criterion of Guyon et al.
  (2003), alone and with Gram-Schmidt during ranking -- :mod:`.relieff`, the Relief family.
* :class:`FCBF`: Yu & Liu (2004): symmetric uncertainty (Eq. 8) on variables discretised by
  Weka's supervised MDL, approximate Markov blankets -- :mod:`.entropy`.
* :class:`RakotomamonjyRFE` (RM, Eq. 3), :class:`DegroeveRFE` (DM, Eq. 4), :class:`R2W2`
  (Eq. 6): the margin-based rankers with a polynomial-kernel SVM -- :mod:`.margin`.

This module only names them, for the experiments of that paper.
"""
from .entropy import FCBF, su_with
from .margin import (R2W2, DegroeveRFE, RakotomamonjyRFE, _fit_dual, degroeve_criterion,
                     radius_squared)
from .relieff import GSReliefK, ReliefK, knn_hits_misses, relief_k_scores
from .spe import StoppigliaSM

__all__ = ["FCBF", "R2W2", "DegroeveRFE", "GSReliefK", "RakotomamonjyRFE", "ReliefK",
           "StoppigliaSM", "_fit_dual", "degroeve_criterion", "knn_hits_misses",
           "radius_squared", "relief_k_scores", "su_with"]
