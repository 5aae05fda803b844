"""The phone pages: server-rendered, working without JavaScript, a little of it where it helps."""
