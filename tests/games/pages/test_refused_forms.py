"""A refused form is bad input, answered as such: 400 with the form and its error at the field,
and nothing written (DEVELOPERS.md: "Bad input gets a clear error and changes nothing")."""

import pytest
from django.test import Client

from games.models import Match

pytestmark = pytest.mark.django_db


def test_a_refused_match_set_up_answers_400_at_its_field_and_creates_nothing():
    page = Client().post(
        "/new/marafon/",
        {"player_0": "Anna", "player_1": "Bruno", "player_2": "Carla", "player_3": ""},
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert page.status_code == 400
    assert page.context["form"].errors
    assert Match.objects.count() == 0


def test_a_refused_sign_in_answers_400_with_its_error(django_user_model):
    django_user_model.objects.create_user("td_anna", password="pw-x-1234-long")

    page = Client().post(
        "/accounts/login/", {"username": "td_anna", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert page.status_code == 400
    assert page.context["form"].non_field_errors()
    assert "_auth_user_id" not in page.wsgi_request.session
