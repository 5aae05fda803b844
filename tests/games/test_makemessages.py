"""``manage.py makemessages`` finds the rules engines' markers as well as Django's."""

import shutil
import subprocess

import pytest

from games.management.commands.makemessages import Command


def test_the_command_tells_xgettext_the_engines_markers():
    options = Command.xgettext_options

    assert {"--keyword=msg", "--keyword=nmsg:1,2", "--keyword=pmsg:1c,2"} <= set(options)
    assert "--keyword=npmsg:1c,2,3" in options
    assert "--add-comments=Translators" in options


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext is not installed")
def test_xgettext_extracts_each_marker_with_its_context_and_plural(tmp_path):
    source = tmp_path / "engine.py"
    source.write_text(
        'msg("Must be %(what)s.", what=x)\n'
        'pmsg("Rikken contract", "Troela")\n'
        'nmsg("%(count)s trick", "%(count)s tricks", n)\n'
    )

    extracted = subprocess.run(
        ["xgettext", "--language=Python", "--output=-", *Command.xgettext_options, str(source)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    assert 'msgid "Must be %(what)s."' in extracted
    assert 'msgctxt "Rikken contract"\nmsgid "Troela"' in extracted
    assert 'msgid "%(count)s trick"\nmsgid_plural "%(count)s tricks"' in extracted
