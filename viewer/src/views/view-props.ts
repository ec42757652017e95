import type { Graph, Manifest } from '../../../compiler/graph-types';
import type { RouteApi } from '../routing/use-route';

/** What every view gets: the loaded build for the chosen environment and the route. */
export interface ViewProps extends RouteApi {
  env: string;
  graph: Graph;
  manifest: Manifest;
}
