import "./strict-csp";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers";
import { createAppRouter, preloadRoute } from "./app/router";
import { startFirstRequests } from "./lib/first-requests";
import "./styles.css";

// What the first screen needs, all at once before React's first render: the session check (and
// the dashboard's summary on "/") and the route's code, instead of one after another (issue 30).
startFirstRequests(window.location.pathname);
const routeCode = preloadRoute(window.location.pathname);
const router = createAppRouter();

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

// The first render waits for the route's code. Rendered before it, the page suspends: React shows
// the spinner and then reveals the page no sooner than 300 ms after the spinner appeared, which
// held every first paint back by that much (issue 30). Nothing meaningful is drawn before the
// code is in either way; a failed fetch renders at once, and the page's own load shows it.
void routeCode.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
