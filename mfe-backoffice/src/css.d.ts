// Plain CSS files are imported for their side effect (rspack 'css/auto'; jest maps them to a stub).
declare module '*.css';
