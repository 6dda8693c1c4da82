import "./strict-csp";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers";
import { preloadRoute, router } from "./app/router";
import { startFirstRequests } from "./lib/first-requests";
import "./styles.css";

// What the first screen needs, all at once before React's first render: the session check (and
// the dashboard's summary on "/") and the route's code, instead of one after another (issue 30).
startFirstRequests(window.location.pathname);
preloadRoute(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
