// A remote has no page of its own: the shell mounts ./routes at /account/user.
export {};
