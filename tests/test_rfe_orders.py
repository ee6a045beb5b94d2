"""The orders of every recursive-feature-elimination ranker are pinned: SVMRFE (binary and
multiclass, Weka and Izetta schedules, several features per step, nominal groups),
MulticlassSVMRFE, ZhouMSVMRFE (OVO, Crammer-Singer, Weston-Watkins), RakotomamonjyRFE and
DegroeveRFE (degrees 1-3, a Gram refresh, libsvm stopped early), and the binary functions.

``fixtures/rfe_orders.json`` was recorded from the code before the three elimination loops
became one (``rankers._rfe``); the stored results were computed by that code, so the orders
must not move. The data sets hold exact ties (a duplicated column, constant columns).
Re-record only on purpose: ``python tests/test_rfe_orders.py``.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from featrank.aggregate import k_first
from featrank.rankers import (DegroeveRFE, MulticlassSVMRFE, RakotomamonjyRFE, SVMRFE,
                              ZhouMSVMRFE)
from featrank.rankers._rfe import eliminate
from featrank.rankers.svmrfe import (elimination_schedule, encode_nominal, rfe_order,
                                     rfe_order_plain, rfe_orders, scale_features)

FIXTURE = Path(__file__).parent / "fixtures" / "rfe_orders.json"


def _data(kind):
    """Seeded data sets with exact ties: column 10 repeats column 3, columns 12-13 are 0."""
    rng = np.random.default_rng({"binary": 0, "three": 1, "four": 2, "wide": 3}[kind])
    n, p = {"binary": (50, 14), "three": (60, 14), "four": (72, 14), "wide": (30, 40)}[kind]
    X = rng.normal(size=(n, p))
    s = X[:, 2] - 0.8 * X[:, 5] + 0.5 * X[:, 3] + 0.4 * rng.normal(size=n)
    X[:, 10] = X[:, 3]
    X[:, 12:14] = 0.0
    if kind in ("binary", "wide"):
        y = (s > 0).astype(int)
    else:
        y = np.digitize(s, np.quantile(s, np.linspace(0, 1, int(kind == "four") + 4)[1:-1]))
    return X, y


def _nominal(kind):
    """``_data(kind)`` with columns 0 (three values), 1 (two) and 4 (four values) nominal."""
    X, y = _data(kind)
    X[:, 0] = np.digitize(X[:, 0], [-0.5, 0.5])
    X[:, 1] = (X[:, 1] > 0).astype(float)
    X[:, 4] = np.digitize(X[:, 4] + 0.5 * (y == 1), [-0.7, 0.0, 0.7])
    mask = np.zeros(X.shape[1], dtype=bool)
    mask[[0, 1, 4]] = True
    return X, y, mask


_IZ = {"schedule": "izetta", "step": 0.3, "threshold": 6, "final_step": 1}
_SV = ("binary", "three", "four")

# case id -> (estimator factory, data set)
RANKERS = {
    **{f"SVMRFE-default-{k}": (lambda: SVMRFE(), k) for k in _SV},
    **{f"SVMRFE-step3-{k}": (lambda: SVMRFE(step=3), k) for k in _SV},
    **{f"SVMRFE-weka-percent-{k}": (lambda: SVMRFE(step=0.25, threshold=4, final_step=2), k)
       for k in _SV},
    **{f"SVMRFE-izetta-{k}": (lambda: SVMRFE(**_IZ, scaling="standard", C=1.0), k)
       for k in _SV},
    "SVMRFE-ovo-step2-four": (lambda: SVMRFE(multiclass="ovo", step=2, scaling=None), "four"),
    **{f"MulticlassSVMRFE-{d}-{k}": (lambda d=d: MulticlassSVMRFE(decomposition=d,
                                                                  combiner=k_first, **_IZ), k)
       for d in ("ovo", "ova") for k in ("three", "four")},
    "MulticlassSVMRFE-ovo-step1-three": (
        lambda: MulticlassSVMRFE(combiner=k_first, step=1, threshold=0), "three"),
    **{f"ZhouMSVMRFE-{m}-{k}": (lambda m=m: ZhouMSVMRFE(method=m, **_IZ), k)
       for m in ("ovo", "cs", "ww") for k in ("binary", "three", "four")},
    "ZhouMSVMRFE-ww-step2-three": (lambda: ZhouMSVMRFE(method="ww", step=2), "three"),
    **{f"{cls.__name__}-d{d}-C{C:g}": (lambda cls=cls, d=d, C=C: cls(degree=d, C=C), "binary")
       for cls in (RakotomamonjyRFE, DegroeveRFE) for d in (1, 2, 3) for C in (1e-2, 1.0)},
    **{f"{cls.__name__}-stopped": (lambda cls=cls: cls(degree=2, C=1e5, max_iter=50),
                                   "binary") for cls in (RakotomamonjyRFE, DegroeveRFE)},
    **{f"{cls.__name__}-refresh-wide": (lambda cls=cls: cls(degree=2), "wide")
       for cls in (RakotomamonjyRFE, DegroeveRFE)},
}


def _functions():
    """The binary SVM-RFE functions on their own (grouped columns, several per step)."""
    X, y, mask = _nominal("binary")
    Xe, groups = encode_nominal(X, mask)
    Xs = scale_features(Xe)
    sched = elimination_schedule(14, 0.3, 6, 2, "izetta")
    Xm, ym = _data("four")
    Xm = scale_features(Xm, "standard")
    return {
        "rfe_order-groups": rfe_order(Xs, y, 0.5, sched, 1e-6, groups=groups),
        "rfe_order_plain-groups": rfe_order_plain(Xs, y, 0.5, sched, 1e-6, groups=groups),
        "rfe_order-step4": rfe_order(Xs, y, 1.0, elimination_schedule(Xs.shape[1], 4)),
        "rfe_orders-ovo": rfe_orders(Xm, ym, "ovo", 0.1, elimination_schedule(14, 3))[0],
    }


def _record_one(est):
    out = {"top_features": est.top_features_.tolist()}
    for attr in ("orders_", "criterion_at_removal_", "n_iter_", "n_unconverged_"):
        if hasattr(est, attr):
            v = getattr(est, attr)
            out[attr] = v.tolist() if isinstance(v, np.ndarray) else int(v)
    return out


def _run(case):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        if case in RANKERS:
            make, kind = RANKERS[case]
            return _record_one(make().fit(*_data(kind)))
        if case.startswith("SVMRFE-nominal-"):
            X, y, mask = _nominal(case.split("-")[2])
            multiclass = "ovo" if case.endswith("ovo") else "ova"
            return _record_one(SVMRFE(categorical=mask, multiclass=multiclass).fit(X, y))
        return {"top_features": _functions()[case].tolist()}


NOMINAL = ["SVMRFE-nominal-binary", "SVMRFE-nominal-three", "SVMRFE-nominal-three-ovo"]
FUNCTIONS = ["rfe_order-groups", "rfe_order_plain-groups", "rfe_order-step4",
             "rfe_orders-ovo"]
CASES = [*RANKERS, *NOMINAL, *FUNCTIONS]


def test_the_fixture_holds_every_case():
    assert sorted(json.loads(FIXTURE.read_text())) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_orders_are_the_recorded_ones(case):
    expected = json.loads(FIXTURE.read_text())[case]
    got = _run(case)
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        if key == "criterion_at_removal_":   # floats, recorded exactly (repr round-trips)
            np.testing.assert_array_equal(got[key], value)
        else:
            assert got[key] == value, key


def test_the_data_sets_hold_exact_ties():
    X, _ = _data("binary")
    assert np.array_equal(X[:, 3], X[:, 10]) and not X[:, 12:].any()


# ------------------------------------------------------------------ the loop's contract
def test_the_loop_drops_the_lowest_by_schedule_ties_to_the_higher_id():
    values = np.array([3.0, 1.0, 1.0, 5.0, 0.5])
    calls, updates = [], []

    def criterion(alive):
        calls.append(alive.tolist())
        return values[alive]

    order, at_removal = eliminate(5, [2, 2, 1], criterion,
                                  lambda removed, alive: updates.append(removed.tolist()))
    # step 1 drops 4 (0.5) then 2 (1.0, tied with 1: the higher id first); step 2 drops 1, 0
    assert order.tolist() == [3, 0, 1, 2, 4]
    assert calls == [[0, 1, 2, 3, 4], [0, 1, 3]]           # not called for the last feature
    assert updates == [[4, 2], [1, 0]]                      # not called once none remain
    assert at_removal.tolist() == [3.0, 1.0, 1.0, 0.0, 0.5]


def test_the_loop_refuses_a_schedule_of_the_wrong_total():
    with pytest.raises(ValueError, match="schedule removes 4 features, there are 5"):
        eliminate(5, [2, 2], lambda alive: np.zeros(alive.size))


if __name__ == "__main__":   # one case a line
    FIXTURE.write_text("{\n" + ",\n".join(f" {json.dumps(c)}: {json.dumps(_run(c))}"
                                          for c in CASES) + "\n}\n")
