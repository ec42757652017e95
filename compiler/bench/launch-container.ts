// The Launch (Adobe Tags) container the bench's generated peer hands to Turbine. The format is
// typed once in compiler/import/launch/format.ts; a generated library carries its custom code as
// function source emitted as code, and its settings as JSON with such functions inside.
import type { LaunchContainer as Container, LaunchModule as Module } from '../import/launch/format';

export type { LaunchAction, LaunchCondition, LaunchDataElement, LaunchEvent } from '../import/launch/format';

/** JavaScript source of a function expression, emitted as code (not as a string) in the library. */
export interface JsFunction {
  readonly js: string;
}

export type LaunchValue = string | number | boolean | null | JsFunction | LaunchValue[] | { [key: string]: LaunchValue };
export type LaunchSettings = Record<string, LaunchValue>;

export type LaunchModule = Module<JsFunction>;
export type LaunchContainer = Container<JsFunction>;
