from django.contrib import admin
from django.urls import include, path

from scorekeeper.throttling import throttle_posts

# The admin's sign-in is throttled like every other.
admin.site.login = throttle_posts()(admin.site.login)

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("", include("games.pages.urls")),
]
