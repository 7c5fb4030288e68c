package dev.widefeed.resources;

import com.fasterxml.jackson.annotation.JsonView;
import dev.widefeed.http.RateLimitFilter;
import io.dropwizard.auth.Auth;
import io.swagger.v3.jaxrs2.ResolvedParameter;
import io.swagger.v3.jaxrs2.ext.AbstractOpenAPIExtension;
import io.swagger.v3.jaxrs2.ext.OpenAPIExtension;
import io.swagger.v3.jaxrs2.ext.OpenAPIExtensions;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the resources' annotations leave out of the generated description and every operation shares, added operation
 * by operation (docs/api.md, "Errors"): the signed-in user, who comes from the token and is no part of the request;
 * the bearer token an operation needs, which is exactly where a resource method takes {@code @Auth}; the success
 * status (200 with the method's answer, 204 for no answer); the error statuses, each with the error body and, for
 * 429 and 503, the {@code Retry-After} header; and the rate limit's fields on every answer but a refused token's.
 */
final class OpenApiConventions extends AbstractOpenAPIExtension {
    static final String BEARER = "bearer";
    static final String ERROR_SCHEMA = "ErrorView";

    private static final Map<Integer, String> ERRORS = Map.of(
            400, "Malformed: a parameter or the body cannot be read",
            401, "No token, or one that is invalid, expired or revoked",
            403, "Not allowed: acting for someone else, or on what is not yours",
            404, "Unknown, or not visible to you",
            409, "Conflict with the current state",
            413, "The body is too large",
            415, "The body is not JSON",
            422, "A value is invalid, or a field is unknown",
            429, "Too many requests: retry after Retry-After seconds",
            503, "The store is unavailable: retry after Retry-After seconds");

    /** Adds these conventions to the extensions every swagger reader of this JVM consults, once. */
    static synchronized void install() {
        List<OpenAPIExtension> extensions = new ArrayList<>(OpenAPIExtensions.getExtensions());
        if (extensions.stream().noneMatch(OpenApiConventions.class::isInstance)) {
            extensions.add(0, new OpenApiConventions());
            OpenAPIExtensions.setExtensions(extensions);
        }
    }

    @Override
    public ResolvedParameter extractParameters(
            List<Annotation> annotations,
            Type type,
            Set<Type> typesToSkip,
            Components components,
            Consumes classConsumes,
            Consumes methodConsumes,
            boolean includeRequestBody,
            JsonView jsonViewAnnotation,
            Iterator<OpenAPIExtension> chain) {
        if (annotations.stream().anyMatch(Auth.class::isInstance)) {
            return new ResolvedParameter(); // the signed-in user, from the token: neither a parameter nor the body
        }
        return chain.hasNext()
                ? chain.next()
                        .extractParameters(
                                annotations,
                                type,
                                typesToSkip,
                                components,
                                classConsumes,
                                methodConsumes,
                                includeRequestBody,
                                jsonViewAnnotation,
                                chain)
                : new ResolvedParameter();
    }

    @Override
    public void decorateOperation(Operation operation, Method method, Iterator<OpenAPIExtension> chain) {
        boolean signedIn = takes(method, Auth.class);
        operation.setSecurity(signedIn ? List.of(new SecurityRequirement().addList(BEARER)) : null);
        ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
        ApiResponse success = responses.remove("default");
        if (success != null) {
            boolean none = method.getReturnType() == void.class;
            responses.addApiResponse(none ? "204" : "200", success.description(none ? "Done; no body" : "The answer"));
        }
        responses.forEach((status, response) -> {
            if (status.equals("201") || status.equals("202")) {
                response.addHeaderObject(
                        "Location", header("Where the created resource is", new StringSchema().format("uri")));
                if (status.equals("201") && takes(method, HeaderParam.class, Idempotent.KEY)) {
                    response.addHeaderObject(
                            Idempotent.REPLAYED,
                            header(
                                    "\"true\" when the Idempotency-Key was used before: this is that request's "
                                            + "resource, and nothing new was created",
                                    new StringSchema()._enum(List.of("true"))));
                }
            }
        });
        for (int status : errors(method, operation, signedIn)) {
            ApiResponse error = new ApiResponse()
                    .description(ERRORS.getOrDefault(status, "An error"))
                    .content(new Content()
                            .addMediaType(
                                    jakarta.ws.rs.core.MediaType.APPLICATION_JSON,
                                    new MediaType().schema(new Schema<>().$ref(ERROR_SCHEMA))));
            if (status == 429 || status == 503) {
                error.addHeaderObject(
                        "Retry-After", header("Seconds to wait before trying again", new IntegerSchema()));
            }
            responses.addApiResponse(Integer.toString(status), error);
        }
        // Every answer after the budgets were charged: all but a refused token's
        // (docs/configuration.md, "Rate limits").
        responses.forEach((status, response) -> {
            if (!status.equals("401")) {
                response.addHeaderObject(
                        RateLimitFilter.LIMIT, header("The burst of the budget this request was charged to", count()));
                response.addHeaderObject(
                        RateLimitFilter.REMAINING, header("The requests the budget has left now", count()));
                response.addHeaderObject(
                        RateLimitFilter.RESET, header("Seconds until the budget is full again", count()));
            }
        });
        operation.setResponses(sorted(responses));
        if (operation.getParameters() != null) {
            operation.getParameters().forEach(OpenApiConventions::typed);
        }
        if (chain.hasNext()) {
            chain.next().decorateOperation(operation, method, chain);
        }
    }

    /** The error statuses of the operation: those of its kind, and those its method names. */
    private static Set<Integer> errors(Method method, Operation operation, boolean signedIn) {
        Set<Integer> statuses = new java.util.TreeSet<>(List.of(429, 503));
        boolean body = operation.getRequestBody() != null;
        boolean parameters = Arrays.stream(method.getParameters())
                .anyMatch(p ->
                        !p.isAnnotationPresent(Auth.class) && !p.isAnnotationPresent(jakarta.ws.rs.core.Context.class));
        if (parameters) {
            statuses.add(400);
        }
        if (signedIn) {
            statuses.add(401);
        }
        if (body) {
            statuses.addAll(List.of(413, 415, 422));
        }
        if (takes(method, jakarta.ws.rs.PathParam.class)) {
            // A path names a user, post, comment or group: it may name nobody, or what is not visible to you; and,
            // signed in, something that is not yours to act on (someone else's home, notifications, post to delete).
            statuses.add(404);
            if (signedIn) {
                statuses.add(403);
            }
        }
        if (signedIn && !method.isAnnotationPresent(jakarta.ws.rs.GET.class)) {
            // A change the rules refuse (over a limit, on yourself, a member you may not add) is 422; one that met
            // other changes too often to apply is 409, safe to retry.
            statuses.addAll(List.of(409, 422));
        }
        if (takes(method, jakarta.ws.rs.QueryParam.class)) {
            statuses.add(422); // a value out of its range: a limit, a page
        }
        ErrorStatuses named = method.getAnnotation(ErrorStatuses.class);
        if (named != null) {
            Arrays.stream(named.value()).forEach(statuses::add);
        }
        return statuses;
    }

    private static boolean takes(Method method, Class<? extends Annotation> annotation) {
        return Arrays.stream(method.getParameters()).anyMatch(p -> p.isAnnotationPresent(annotation));
    }

    private static boolean takes(Method method, Class<HeaderParam> annotation, String header) {
        for (Parameter parameter : method.getParameters()) {
            HeaderParam param = parameter.getAnnotation(annotation);
            if (param != null && param.value().equals(header)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The parameters the resources read as text and parse themselves (a malformed one is 400, not Jersey's 404), as
     * what they are: a limit and a page are numbers in their ranges (out of range: 422), an id is a decimal number.
     */
    private static void typed(io.swagger.v3.oas.models.parameters.Parameter parameter) {
        switch (parameter.getName()) {
            case "limit" ->
                parameter.schema(new IntegerSchema()
                        .minimum(java.math.BigDecimal.ONE)
                        .maximum(java.math.BigDecimal.valueOf(Params.MAX_LIMIT))
                        ._default(Params.DEFAULT_LIMIT));
            case "page" ->
                parameter.schema(
                        new IntegerSchema().minimum(java.math.BigDecimal.ONE)._default(1));
            default -> {
                if ("path".equals(parameter.getIn()) && isId(parameter.getName())) {
                    parameter.schema(new StringSchema().pattern("^[0-9]{1,19}$").description("A decimal id"));
                }
            }
        }
    }

    private static boolean isId(String name) {
        return name.equals("id")
                || name.endsWith("Id")
                || name.equals("target")
                || name.equals("other")
                || name.equals("gid");
    }

    private static Schema<?> count() {
        return new IntegerSchema().minimum(BigDecimal.ZERO);
    }

    private static Header header(String description, Schema<?> schema) {
        return new Header().description(description).schema(schema);
    }

    /** Statuses in order, so that the description reads (and diffs) the same every time. */
    private static ApiResponses sorted(ApiResponses responses) {
        ApiResponses ordered = new ApiResponses();
        new TreeMap<>(responses).forEach(ordered::addApiResponse);
        return ordered;
    }
}
