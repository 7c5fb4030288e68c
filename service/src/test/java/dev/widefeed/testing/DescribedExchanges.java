package dev.widefeed.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.SimpleValidationReportFormat;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Checks every exchange a test's client has with the service against the OpenAPI description that service serves
 * (docs/TESTING.md, "What the tests are"): an answer the description does not describe (a status it does not list, a
 * body or header that is not as it says) fails the test at once, and so does a request the service accepted (2xx)
 * that the description would refuse. A refused request is not checked: tests send malformed ones on purpose.
 */
public final class DescribedExchanges implements ClientResponseFilter {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PATH_MISSING = "validation.request.path.missing";
    private static final String OPERATION_NOT_ALLOWED = "validation.request.operation.notAllowed";
    /**
     * What the HTTP server answers for any request before an operation is chosen: a target or headers too large for
     * it. No operation could list them; the body must still be the service's error (docs/api.md, "Errors").
     */
    private static final Set<Integer> BEFORE_ANY_OPERATION = Set.of(414, 431);

    private final URI base;
    private volatile OpenApiInteractionValidator validator;

    DescribedExchanges(URI base) {
        this.base = base;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) throws IOException {
        URI uri = request.getUri();
        if (uri.getPort() != base.getPort() || !uri.getRawPath().startsWith("/v1/")) {
            return; // the admin port, the web client's files
        }
        byte[] body = response.hasEntity() ? response.getEntityStream().readAllBytes() : new byte[0];
        response.setEntityStream(new ByteArrayInputStream(body));
        check(
                request.getMethod(),
                uri,
                request.getStringHeaders(),
                () -> Optional.ofNullable(request.getEntity()).map(DescribedExchanges::json),
                response.getStatus(),
                response.getHeaders(),
                body);
    }

    /**
     * Checks one exchange; for requests sent without the JAX-RS client. The request's body is asked for only when the
     * request is checked (a 2xx answer's), so a body refused on purpose (a gzip bomb) is never inflated here.
     */
    public void check(
            String method,
            URI uri,
            Map<String, List<String>> requestHeaders,
            Supplier<Optional<String>> requestBody,
            int status,
            Map<String, List<String>> responseHeaders,
            byte[] responseBody) {
        String path = uri.getRawPath();
        SimpleResponse.Builder answer = new SimpleResponse.Builder(status);
        responseHeaders.forEach(answer::withHeader);
        if (responseBody.length > 0) {
            answer.withBody(new String(responseBody, StandardCharsets.UTF_8));
        }
        Request.Method verb = Request.Method.valueOf(method.toUpperCase(Locale.ROOT));
        ValidationReport report = validator().validateResponse(path, verb, answer.build());
        if (says(report, PATH_MISSING)
                && (status == 404 || (status == 400 && isContractError(status, responseHeaders, responseBody)))) {
            // A path the service does not serve, asked on purpose: 404, or 400 from the HTTP server for a path it
            // finds ambiguous (an empty segment) before any operation is chosen.
            return;
        }
        if (status == 405 && says(report, OPERATION_NOT_ALLOWED)) {
            return; // a method the path does not have, asked on purpose: the description agrees there is none
        }
        if (BEFORE_ANY_OPERATION.contains(status) && isContractError(status, responseHeaders, responseBody)) {
            return; // refused by the HTTP server before an operation is chosen (the tests check it is in our shape)
        }
        if (status / 100 == 2) {
            SimpleRequest.Builder sent = new SimpleRequest.Builder(verb, path);
            requestHeaders.forEach(sent::withHeader);
            requestBody.get().ifPresent(sent::withBody);
            query(uri).forEach(sent::withQueryParam);
            report = report.merge(validator().validateRequest(sent.build()));
        }
        if (report.hasErrors()) {
            throw new AssertionError("the service's OpenAPI description does not describe " + method + " " + uri
                    + " answering " + status + " " + new String(responseBody, StandardCharsets.UTF_8) + ":\n"
                    + SimpleValidationReportFormat.getInstance().apply(report));
        }
    }

    private static boolean says(ValidationReport report, String key) {
        return report.getMessages().stream().anyMatch(m -> m.getKey().equals(key));
    }

    /** Whether the answer is the service's error for its status, judged as the hostile-input tests judge it. */
    private static boolean isContractError(int status, Map<String, List<String>> headers, byte[] body) {
        String contentType = headers.entrySet().stream()
                .filter(h -> h.getKey().equalsIgnoreCase("Content-Type")
                        && !h.getValue().isEmpty())
                .map(h -> h.getValue().get(0))
                .findFirst()
                .orElse(null);
        return new RawHttp.Answer(status, contentType, new String(body, StandardCharsets.UTF_8)).isContractError();
    }

    private OpenApiInteractionValidator validator() {
        OpenApiInteractionValidator loaded = validator;
        if (loaded == null) {
            synchronized (this) {
                if (validator == null) {
                    validator = OpenApiInteractionValidator.createForInlineApiSpecification(served())
                            .build();
                }
                loaded = validator;
            }
        }
        return loaded;
    }

    /** The description as the service serves it. */
    private String served() {
        try {
            HttpResponse<String> answer = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(base.resolve("/v1/openapi.json"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("GET /v1/openapi.json answered " + answer.statusCode());
            }
            return answer.body();
        } catch (IOException e) {
            throw new IllegalStateException("the service's OpenAPI description could not be read", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, List<String>> query(URI uri) {
        Map<String, List<String>> params = new java.util.LinkedHashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            params.computeIfAbsent(name, n -> new java.util.ArrayList<>()).add(value);
        }
        return params;
    }

    private static String decode(String s) {
        return java.net.URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String json(Object entity) {
        if (entity instanceof String text) {
            return text;
        }
        try {
            return JSON.writeValueAsString(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a request body the test cannot write as JSON", e);
        }
    }
}
