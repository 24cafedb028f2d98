/** '12' → the editor of excursion 12; '12old' → its legacy editor (the route has validated the form). */
export function parseEditorId(param: string): { id: string; legacy: boolean } {
  return param.endsWith('old') ? { id: param.slice(0, -3), legacy: true } : { id: param, legacy: false };
}
