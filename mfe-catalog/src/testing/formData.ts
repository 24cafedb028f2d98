/**
 * React 19 builds a FormData of a form whose submit starts a transition (a router navigation does).
 * The test realm's FormData is Node's, which cannot read a jsdom form; this stands in for the submit tests.
 */
export function formDataFromJsdomForms(): void {
  const NodeFormData = globalThis.FormData;
  beforeAll(() => {
    globalThis.FormData = class extends NodeFormData {
      constructor() {
        super();
      }
    } as typeof FormData;
  });
  afterAll(() => {
    globalThis.FormData = NodeFormData;
  });
}
