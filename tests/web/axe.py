"""axe-core for the accessibility tests, installed from npm into tests/web/node_modules (ignored
by git, for the tests only), as tests/browser.py installs Chromium; the tests skip with the
reason when npm is absent or the install fails.

The pages' Content-Security-Policy allows only their own scripts, so a test that injects
axe.min.js opens its context with ``bypass_csp=True`` (that test's context only)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"


def axe_path() -> Path:
    """axe.min.js, installed on first use; skips the test with the reason when it cannot be."""
    if AXE.exists():
        return AXE
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: axe-core cannot be had for the contrast checks")
    done = subprocess.run([npm, "install", "--prefix", str(HERE), "--no-save", "--no-package-lock",
                           "--no-audit", "--no-fund", "axe-core@4"],
                          capture_output=True, text=True, timeout=300)
    if done.returncode or not AXE.exists():
        pytest.skip(f"npm install axe-core failed: {done.stderr.strip()[-200:]}")
    return AXE


def violations(page: Any, rules: list[str]) -> list[dict[str, Any]]:
    """axe-core's violations of ``rules`` on the page as it is now, each with its nodes."""
    page.add_script_tag(path=str(axe_path()))
    found: list[dict[str, Any]] = page.evaluate(
        """rules => axe.run(document, {runOnly: {type: 'rule', values: rules}}).then(r =>
             r.violations.map(v => ({id: v.id, nodes: v.nodes.map(n => n.target.join(' ') +
               ': ' + n.failureSummary)})).concat(
             // text axe could not judge because it stands on a gradient: counted as found,
             // so the check cannot pass by not looking
             r.incomplete.map(v => ({id: v.id + ' (undetermined)', nodes: v.nodes
               .filter(n => n.any.some(c => c.data && /Gradient|bgImage/.test(c.data.messageKey)))
               .map(n => n.target.join(' '))})).filter(v => v.nodes.length)))""", rules)
    return found
