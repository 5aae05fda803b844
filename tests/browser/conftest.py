"""Browser tests: a person's phone (360 x 740) tapping through the pages of a live server.

Chromium comes from Debian (/usr/bin/chromium), the PATH, or Playwright's own download. Without
one the tests are skipped, except in CI (CI=true), where a missing browser fails the run.

Screenshots go to artifacts/screenshots/ for a person to look at: the page as a failed test left
it, always; every test's pages and the named views only with ``SCREENSHOTS=1`` (a full-length
screenshot costs about half a second, a tenth of the browser tests' time over the run).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.services import unavailable

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "artifacts" / "screenshots"
VIEWPORT = {"width": 360, "height": 740}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NO_BROWSER = "Browser tests need Chromium: apt-get install chromium"


def _no_browser(reason: str = NO_BROWSER):
    unavailable(reason)


def _chromium_path(playwright) -> str | None:
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    found = shutil.which("chromium")
    if found:
        return found
    try:
        bundled = playwright.chromium.executable_path
    except Exception:
        return None
    return bundled if bundled and Path(bundled).exists() else None


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser(f"{NO_BROWSER} (and pip install playwright)")
    # Playwright's sync API keeps an event loop running in this thread until the session ends;
    # Django would take the tests' own database work (the flush between tests, and the tests
    # that run after these) for async code and refuse it.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        executable = _chromium_path(playwright)
        if executable is None:
            _no_browser()
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def new_phone(browser):
    """A fresh phone: its own cookies (so its own session), 360 x 740. Every message the
    browser prints about the Content-Security-Policy is kept in ``context.csp_violations``."""
    context = browser.new_context(viewport=VIEWPORT, is_mobile=False)
    context.set_default_timeout(10_000)
    context.csp_violations = []

    def watch(page):
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text
                and context.csp_violations.append(message.text)
            ),
        )

    context.on("page", watch)
    return context


def _assert_no_csp_violation(context) -> None:
    assert context.csp_violations == [], context.csp_violations


def screenshots_wanted() -> bool:
    return os.environ.get("SCREENSHOTS", "") not in ("", "0")


def keep_screenshot(view, name: str, **options) -> None:
    """A page or an element kept as ``artifacts/screenshots/<name>.png`` when screenshots are
    asked for (``SCREENSHOTS=1``)."""
    if screenshots_wanted():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(SCREENSHOTS / f"{name}.png"), **options)


def _screenshot(page, request, suffix: str = "") -> None:
    """The page as it was at the end of the test, full length: always when the test failed."""
    failed = getattr(request.node, "failed_call", False)
    if failed or screenshots_wanted():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name) + suffix
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed:
        item.failed_call = True
    return report


@pytest.fixture
def page(browser, live_server, request):
    context = new_phone(browser)
    page = context.new_page()
    yield page
    try:
        _screenshot(page, request)
    finally:
        context.close()
    _assert_no_csp_violation(context)


@pytest.fixture
def other_phone(browser, live_server, request):
    """A second phone at the table: another browser context, so no edit key."""
    context = new_phone(browser)
    page = context.new_page()
    yield page
    try:
        _screenshot(page, request, "-other_phone")
    finally:
        context.close()
    _assert_no_csp_violation(context)


@pytest.fixture
def taps(page):
    """Counts the taps made on ``page``."""
    from .phone import Taps

    return Taps(page)
