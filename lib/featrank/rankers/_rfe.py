"""Recursive feature elimination: the one elimination loop of every RFE ranker, its
schedules, and the parameters those rankers share.

:func:`eliminate` runs the loop; the ranker supplies the *criterion* (fit a model on the
remaining features and score each; higher = keep) and the *schedule* (how many features leave
at each step, as its paper says):

* SVM-RFE (:mod:`.svmrfe`, Guyon et al. 2002 as Weka 3.6 runs it): ``w_i**2`` of a linear
  SVM; :func:`elimination_schedule` ``rule="weka"``;
* multiclass SVM-RFE (:mod:`.multiclass`, Izetta et al. 2017): one binary SVM-RFE per
  problem of a decomposition, or one joint criterion over all classes (Zhou & Tuck 2007);
  ``rule="izetta"``;
* RM and DM (:mod:`.margin`, Quevedo et al. 2007, Eqs. 3-4): criteria of a polynomial-kernel
  SVM; one variable per SVM.
"""
from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from sklearn.utils._param_validation import Interval, RealNotInt, StrOptions, validate_params

#: The parameters the SVM-based RFE rankers share: SVMRFE, MulticlassSVMRFE and ZhouMSVMRFE
#: take them all, RakotomamonjyRFE and DegroeveRFE take ``C`` and ``max_iter``;
#: :func:`elimination_schedule` and the functions of :mod:`.svmrfe` check theirs by the same
#: entries.
RFE_PARAMETER_CONSTRAINTS: dict = {
    "C": [Interval(Real, 0, None, closed="neither")],
    "step": [Interval(Integral, 1, None, closed="left"),
             Interval(RealNotInt, 0, 1, closed="neither")],
    "threshold": [Interval(Integral, 0, None, closed="left")],
    "final_step": [Interval(Integral, 1, None, closed="left")],
    "schedule": [StrOptions({"weka", "izetta"})],
    "scaling": [StrOptions({"minmax", "standard"}), None],
    "tol": [Interval(Real, 0, None, closed="neither")],
    "max_iter": [Interval(Integral, -1, None, closed="left")],  # libsvm's: -1 = no limit
}


@validate_params({"n_features": [Interval(Integral, 1, None, closed="left")],
                  "step": RFE_PARAMETER_CONSTRAINTS["step"],
                  "threshold": RFE_PARAMETER_CONSTRAINTS["threshold"],
                  "final_step": RFE_PARAMETER_CONSTRAINTS["final_step"],
                  "rule": RFE_PARAMETER_CONSTRAINTS["schedule"]},
                 prefer_skip_nested_validation=True)
def elimination_schedule(n_features: int, step=1, threshold: int = 0, final_step: int = 1,
                         rule: str = "weka") -> list[int]:
    """Number of features eliminated at each RFE iteration, until none remain.

    * ``rule="weka"`` reproduces Weka 3.6's ``SVMAttributeEval``: ``step`` int = its
      ``attsToEliminatePerIteration`` (-X, default 1: one feature per SVM); ``step`` float =
      ``percentToEliminatePerIteration`` / 100 (-Y, default 0 = off). In percent mode Weka
      removes ``max(1, int((r + 1) * step))`` features when ``r`` remain (its attribute count
      includes the class), and once that would leave ``threshold`` (-Z,
      ``percentThreshold``, default 0) or fewer, removes exactly down to ``threshold`` and
      continues at the constant rate ``final_step`` (its -X).
    * ``rule="izetta"`` is Sec. 3.1 of Izetta 2017: remove ``max(1, int(step * r))`` (10 %)
      of the ``r`` remaining features while ``r >= threshold`` (20), then ``final_step`` (1)
      at a time.

    The sum of the list is ``n_features``.

    >>> elimination_schedule(20, 0.25, 8, 2, "weka")
    [5, 4, 3, 2, 2, 2, 2]
    """
    p = int(n_features)
    frac = 0.0 if isinstance(step, Integral) else float(step)
    const = final_step if frac > 0 else int(step)
    threshold = min(int(threshold), p - 1)
    sched, r = [], p
    while r > 0:
        if frac > 0 and rule == "weka":
            k = max(1, int((r + 1) * frac))
            if r - k <= threshold:
                frac, k = 0.0, r - threshold
                k = k if k > 0 else min(const, r)
        elif frac > 0 and r >= threshold:
            k = max(1, int(frac * r))
        else:
            k = const
        k = min(k, r)
        sched.append(k)
        r -= k
    return sched


class ScheduleParams:
    """Mixin of the rankers with the parameters ``step``, ``threshold``, ``final_step`` and
    ``schedule``: their elimination schedule for ``p`` features."""

    def _schedule(self, p):
        return elimination_schedule(p, self.step, self.threshold, self.final_step,
                                    self.schedule)


def _pick_worst(crit, ids, k):
    """Positions (into ``crit``) of the ``k`` lowest criteria, worst first; ties eliminate
    the higher feature id first. O(p) selection, then a sort of the k picked."""
    if k < crit.size:
        v = np.partition(crit, k - 1)[k - 1]
        below = np.flatnonzero(crit < v)
        at = np.flatnonzero(crit == v)
        at = at[np.argsort(-ids[at], kind="stable")][:k - below.size]
        cand = np.concatenate([below, at])
    else:
        cand = np.arange(crit.size)
    return cand[np.lexsort((-ids[cand], crit[cand]))]


def eliminate(n_features, schedule, criterion, on_remove=None):
    """Recursive feature elimination of features ``0..n_features-1``; returns
    ``(order, at_removal)``: the order (best first: the reverse order of elimination) and,
    per feature, the criterion it had at the step that removed it.

    At step t, while more than one feature remains, ``criterion(alive)`` gives one value per
    remaining feature id of ``alive`` (increasing ids; higher = keep) and the ``schedule[t]``
    lowest leave (the last feature leaves alone, criterion 0, without a call); ties remove the
    higher id first, so the lower id ranks better. ``schedule`` (default: one per step) must
    sum to ``n_features``. Then, while features remain, ``on_remove(removed, alive)`` lets the
    criterion update its state (e.g. downdate a Gram matrix).

    >>> X = np.array([[1.0, 0.0, 3.0], [2.0, 0.0, 1.0]])
    >>> eliminate(3, [2, 1], lambda alive: np.abs(X[:, alive]).sum(0))[0].tolist()
    [2, 0, 1]
    """
    schedule = [1] * n_features if schedule is None else list(schedule)
    if sum(schedule) != n_features:
        raise ValueError(f"schedule removes {sum(schedule)} features, there are {n_features}")
    alive, eliminated = np.arange(n_features), []
    at_removal = np.zeros(n_features)
    for k in schedule:
        crit = criterion(alive) if alive.size > 1 else np.zeros(alive.size)
        crit = np.asarray(crit, dtype=float)
        pos = _pick_worst(crit, alive, k)
        removed = alive[pos]
        eliminated.extend(removed.tolist())
        at_removal[removed] = crit[pos]
        alive = np.delete(alive, pos)
        if alive.size and on_remove is not None:
            on_remove(removed, alive)
    return np.asarray(eliminated[::-1], dtype=np.intp), at_removal
