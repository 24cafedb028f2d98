// Plain CSS files are imported for their side effect (rspack bundles them; jest maps them to a stub).
declare module '*.css';
