from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # The jobs register with Celery in every process, web ones included: services queue
        # them by name (games.services.jobs) and never import them.
        from games import tasks  # noqa: F401
