"""``bench/strength_table.py`` (docs/search.md, "Strength per budget"): a cell played on until
it holds its Bummerl, read back without playing, the table with each cell's command."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.bench_scripts import bench_script


def bench() -> ModuleType:
    return bench_script("strength_table")


def test_a_cell_grows_to_its_target_and_the_table_reads_it_back(tmp_path: Path) -> None:
    table = bench()
    report = table.play_cell(tmp_path, "pimc", "2k", "rules", target=3, chunk=2, jobs=1)
    assert report.units >= 3 and report.matches % 2 == 0
    again = table.report_of(table.cell_dir(tmp_path, "pimc", "2k", "rules"))
    assert (again.a_units, again.units, again.matches) == (report.a_units, report.units,
                                                            report.matches)
    table.BUDGETS = ("2k",)
    lines = table.table(tmp_path)
    row = next(line for line in lines if line.startswith("| `pimc` | 2k |"))
    assert f"{report.a_units}/{report.units} = " in row and "not played" in row  # vs pimc@4M
    assert f"{report.matches} matches, 0 min wall for {report.matches} of them (--jobs 1)" in row
    assert any(f"pimc@2k rules --matches {report.matches} --seed 33" in line for line in lines)
