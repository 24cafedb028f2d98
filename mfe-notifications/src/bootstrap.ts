// A remote has no page of its own: the shell mounts ./routes and shows ./NotificationsPanel.
export {};
