"""``python -m featrank.datasets``: which catalogue datasets are present, per paper table, and
the sha256 of every present file checked against the recorded one.

``--download`` (= ``make data``) first fetches every missing public dataset into ``data/raw/``
(OpenML's copies of the UCI sets, checked by OpenML's MD5 and the catalogue's shape; other
files against the recorded sha256); offline, or with ``FEATRANK_OFFLINE=1``, it says so at
once (each host is probed once, for a few seconds at most) and lists what is missing.
``--skipped`` prints the table of datasets the notebooks' last runs skipped (end of ``make``).

Exit status 1 when a present file's hash differs from the record (a different version of the
file: shapes and results may differ), 0 otherwise. ``--load`` also loads every available
dataset and checks its shape against the catalogue.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..config import data_dirs, raw_dir
from ._available import (download, download_host, how_to_get, reachable, run_was_complete,
                         skipped_datasets)
from ._catalog import (PAPERS, _offline, _parts, availability, catalog, entry, load,
                       verify_files)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m featrank.datasets", description=__doc__)
    ap.add_argument("--load", action="store_true", help="load every available dataset too")
    ap.add_argument("--brief", action="store_true",
                    help="per-paper counts only: no list of missing or absent files, no catalogue")
    ap.add_argument("--download", action="store_true",
                    help="first download the missing public datasets into data/raw/")
    ap.add_argument("--skipped", action="store_true",
                    help="only print the datasets the notebooks' last runs skipped")
    ap.add_argument("--complete", metavar="NOTEBOOK",
                    help="exit 0 if the notebook's last run skipped no dataset, else 1")
    args = ap.parse_args(argv)
    if args.skipped:
        return print_skipped()
    if args.complete:
        return 0 if run_was_complete(args.complete) else 1

    print("data folders searched:", ", ".join(str(d) for d in data_dirs()))
    if args.download:
        download_missing()
    cat = catalog()
    counts = availability()
    for ref in PAPERS:
        sub = catalog(ref)
        have, total = counts[ref]
        print(f"\n== {ref}: {have} of {total} datasets available")
        missing = sub[~sub["available"]] if not args.brief else sub[:0]
        for _, r in missing.iterrows():
            print(f"   missing  {r['paper_name']:<18} file {r['file']:<34} {how_to_get(r['name'])}")
    if not args.brief:
        print("\n== catalogue (shape here: instances x features x classes)")
        for r in cat.itertuples():
            mark = "yes" if r.available else " - "
            print(f"   {mark}  {r.name:<27} {r.papers or 'no paper':<15} "
                  f"{r.n_samples:>6} x {r.n_features:<6} x {r.n_classes:<3} {r.file}")

    print("\n== sha256 of the recorded files")
    v = verify_files()
    present = v[v["found_in"] != ""]
    bad = present[~present["sha256_ok"].astype(bool)]
    print(f"   {len(present)} of {len(v)} recorded files present; {len(present) - len(bad)} verified")
    converted = bad[[_from_openml(Path(f) / Path(p).name) for f, p in zip(bad["found_in"], bad["path"])]]
    bad = bad.drop(converted.index)
    for _, r in converted.iterrows():
        print(f"   converted {r['path']} in {r['found_in']}: written from OpenML's copy (checked by "
              "OpenML's MD5 and the catalogue's shape), so its bytes are not the recorded file's")
    for _, r in bad.iterrows():
        print(f"   HASH MISMATCH {r['path']} in {r['found_in']} (a different version of the file; "
              f"downloaded copies differ from the mirror's bytes)")
    for _, r in v[v["found_in"] == ""].iterrows() if not args.brief else ():
        print(f"   absent {r['path']}")

    failed = 0
    if args.load:
        print("\n== loading every available dataset")
        for name in cat.loc[cat["available"], "name"]:
            try:
                ds = load(name, download=False)
                print(f"   ok   {name:<28} {ds.n_samples} x {ds.n_features}, {ds.n_classes} classes")
            except Exception as exc:  # noqa: BLE001 - report and go on
                failed += 1
                print(f"   FAIL {name}: {exc}")
    return 1 if len(bad) or failed else 0


def download_missing() -> None:
    """Fetch every missing public catalogue dataset into ``data/raw/``; say why not when
    downloads are off or the hosts cannot be reached, and list what stays missing."""
    cat = catalog()
    missing = list(cat.loc[~cat["available"] & (cat["kind"] != "bundled"), "name"])
    public = [n for n in missing if entry(n).get("openml") or entry(n).get("url")]
    print(f"\n== download: {len(missing)} catalogue datasets missing, {len(public)} of them public")
    if not public:
        up = {}
    elif _offline(None):
        print("   downloads are off (FEATRANK_OFFLINE is set): nothing downloaded")
        up = {}
    else:
        up = {h: reachable(h) for h in sorted({download_host(entry(n)) for n in public})}
        down = [h for h, ok in up.items() if not ok]
        if down:
            print(f"   offline: {', '.join(down)} cannot be reached; nothing downloaded from there")
    got = []
    for name in public:
        if not up.get(download_host(entry(name))):
            continue
        why = download(name)
        print(f"   {'ok  ' if not why else 'FAIL'} {name:<24} {why or 'saved under ' + str(raw_dir())}")
        if not why:
            got.append(name)
    still = [n for n in missing if n not in got]
    print(f"   {len(got)} downloaded; {len(still)} still missing:")
    for name in still:
        print(f"   missing  {name:<24} {' + '.join(_parts(entry(name))):<34} {how_to_get(name)}")


def _from_openml(path: Path) -> bool:
    """Is ``path`` an ARFF file this library wrote from OpenML's copy (its @relation says so)?"""
    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return False
    return b"(OpenML v" in head and b"@relation" in head.lower()


def print_skipped() -> int:
    """The table of datasets the notebooks' last runs skipped (``make`` ends with it)."""
    t = skipped_datasets()
    if t.empty:
        print("\n== every real dataset the notebooks asked for was available")
        return 0
    print(f"\n== {len(t)} dataset{'s' if len(t) > 1 else ''} skipped by the notebooks (they ran without them); to add them, "
          "run `make data` or put the file under $FEATRANK_DATA or data/raw/, then `make` again")
    # notebooks by their number ("02" for 02_prati2012_rank_aggregation)
    nbs = [", ".join(n.split("_")[0] for n in s.split(", ")) for s in t["notebooks"]]
    w = max(7, *(len(d) for d in t["dataset"]))
    v = max(9, *(len(s) for s in nbs))
    print(f"   {'dataset':<{w}}  {'notebooks':<{v}}  file: how to get it")
    for r, s in zip(t.itertuples(), nbs):
        print(f"   {r.dataset:<{w}}  {s:<{v}}  {r.file.replace(';', ' + ')}: {r.how_to_get}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
