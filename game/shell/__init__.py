"""The app shell: window, fixed-step loop, scene stack, pointer layer, catalogue and error boundary."""
