import * as React from "react";

/** Sets the browser tab's title while the calling component is shown. */
export function useDocumentTitle(title: string) {
  React.useEffect(() => {
    document.title = title;
  }, [title]);
}
