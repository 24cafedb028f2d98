// With the federation runtime's async startup, shared modules are negotiated before this entry runs,
// so the start-up code is imported statically and its chunks load in parallel from index.html.
import './bootstrap';
