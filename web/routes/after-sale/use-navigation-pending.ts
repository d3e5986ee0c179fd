import { useNavigation } from "react-router";

/** True while the page is navigating (a GET form's lookup or a post): its button shows progress. */
export function useNavigationPending(): boolean {
  return useNavigation().state !== "idle";
}
