from django.urls import path

from . import views

app_name = "pages"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<slug:game>/", views.match_new, name="new"),
    path("m/<str:public_id>/", views.match_page, name="match"),
    path("m/<str:public_id>/version/", views.match_version, name="version"),
    path("m/<str:public_id>/edit/<str:edit_key>/", views.match_edit_link, name="edit-link"),
    path("m/<str:public_id>/deals/", views.deal_new, name="deal-new"),
    path("m/<str:public_id>/deals/<int:number>/edit/", views.deal_edit, name="deal-edit"),
    path("m/<str:public_id>/deals/<int:number>/undo/", views.deal_undo_page, name="deal-undo"),
    path("m/<str:public_id>/settle/", views.settlement_page, name="settlement"),
]
