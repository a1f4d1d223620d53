import { EndpointError, type EndpointErrorFields } from "../errors/endpoint-error.js";
import { quote } from "../shared/quote.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text with a lone surrogate has no UTF-8 form: refused, as in a url or a form. `key` names it
 * in development messages; `fault` is what holds it (the parameter `key` unless told).
 */
export function checkText(text: string, key: string, fault: EndpointErrorFields = { parameter: key }): void {
  if (LONE_SURROGATE.test(text)) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `Parameter ${quote(key)} holds a lone surrogate, which has no UTF-8 form: pass well-formed text.`
        : "",
      fault,
    );
  }
}
