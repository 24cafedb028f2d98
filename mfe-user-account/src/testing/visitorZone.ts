const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

/** The visitor's browser reports this time zone (the machine running the tests may be anywhere). */
export function visitorIn(timeZone: string): void {
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}
