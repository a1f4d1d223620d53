/** One of V8's function events for a module: its kind, the function's position and name. */
export interface FunctionEvent {
  readonly event: string;
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

export function functionEvents(script: string, moduleUrl: string): FunctionEvent[];
