"""Every page answers with a Content-Security-Policy that allows no inline script or style, and
no page holds one; production is HTTPS only unless HTTPS=false, and passes check --deploy."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tests.routes import fill, make_world, routes

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.I)
DOCS = ("/api/v1/docs/", "/api/v1/redoc/", "/api/v1/schema/")


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks):
    return make_world(django_user_model, django_capture_on_commit_callbacks)


def test_no_page_holds_inline_script_or_style_and_every_answer_has_the_policy(world):
    client = Client()
    client.force_login(world["director"])
    pages = 0
    for name, pattern in routes():
        path = fill(name, pattern, world)
        response = client.get(path, follow=True)
        policy = response.get("Content-Security-Policy", "")
        if path.endswith("/version/"):  # the live poll, answered first (games/pages/live.py)
            assert policy == "default-src 'none'; frame-ancestors 'none'", path
            assert response["X-Content-Type-Options"] == "nosniff"
            continue
        assert "script-src 'self'" in policy, path
        if path.startswith(DOCS):
            assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0], path
            continue
        assert "'unsafe-inline'" not in policy, path
        if response["Content-Type"].startswith("text/html"):
            html = response.content.decode()
            assert not INLINE_SCRIPT.search(html), f"inline script at {path}"
            assert not INLINE_STYLE.search(html), f"inline style at {path}"
            pages += 1
    assert pages >= 15


def own_environ() -> dict[str, str]:
    """This process's environment without its Django switches: the browser tests' session turns
    on ``DJANGO_ALLOW_ASYNC_UNSAFE`` in the worker that runs them, and the deploy check refuses it
    (async.E001)."""
    return {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}


def deploy_check(**env) -> subprocess.CompletedProcess:
    environment = {
        **own_environ(),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings.production",
        "SECRET_KEY": "k" * 20 + "-a-long-random-production-key-for-the-check-" + "z" * 10,
        "ALLOWED_HOSTS": "scores.example.org",
        "DATABASE_URL": os.environ.get("DATABASE_URL") or "sqlite:///:memory:",
        **env,
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def production_settings(**env) -> dict:
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_HSTS_SECONDS)"
    )
    environment = {
        **own_environ(),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings.production",
        "SECRET_KEY": "x" * 60,
        "DATABASE_URL": os.environ.get("DATABASE_URL") or "sqlite:///:memory:",
        **env,
    }
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    redirect, session, csrf, hsts = out.stdout.split()
    return {"redirect": redirect, "session": session, "csrf": csrf, "hsts": int(hsts)}


@pytest.mark.slow
def test_production_defaults_pass_the_deploy_check():
    result = deploy_check()

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.slow
def test_https_false_turns_off_the_redirect_the_secure_cookies_and_hsts():
    secure = production_settings()
    plain = production_settings(HTTPS="false")

    assert secure == {"redirect": "True", "session": "True", "csrf": "True", "hsts": 31536000}
    assert plain == {"redirect": "False", "session": "False", "csrf": "False", "hsts": 0}
