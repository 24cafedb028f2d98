// A remote has no page of its own: the shell loads ./AuthModal through Module Federation.
export {};
