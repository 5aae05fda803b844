from django.contrib import admin
from django.urls import include, path

from scorekeeper.sign_in import AdminSignInForm
from scorekeeper.throttling import throttle_posts

# The admin's sign-in is throttled like every other, its failures counted by its form.
admin.site.login = throttle_posts()(admin.site.login)
admin.site.login_form = AdminSignInForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    # The language menu of every page (POST language=it): remembered in the language cookie.
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.pages.urls")),
]

# The database down answers 503 (scorekeeper.unavailable), every other failure Django's 500.
handler500 = "scorekeeper.unavailable.server_error"
# A request Django cannot read: the page in the request's language (scorekeeper.error_pages).
handler400 = "scorekeeper.error_pages.bad_request"
