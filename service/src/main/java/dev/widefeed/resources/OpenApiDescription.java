package dev.widefeed.resources;

import dev.widefeed.api.ErrorView;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.jaxrs2.Reader;
import io.swagger.v3.jaxrs2.integration.JaxrsAnnotationScanner;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeMap;

/**
 * The OpenAPI description of the API, generated from the resources' annotations with {@link OpenApiConventions}: built
 * once, from the classes alone, so that what is served and what the build checks are the same document.
 */
public final class OpenApiDescription {
    private OpenApiDescription() {}

    /** Writes the document to the file named first: the build's copy, for the client the tests generate from it. */
    public static void main(String[] args) throws java.io.IOException {
        java.nio.file.Path out = java.nio.file.Path.of(args[0]);
        java.nio.file.Files.createDirectories(out.toAbsolutePath().getParent());
        java.nio.file.Files.writeString(out, json());
    }

    /** The document, as JSON. */
    public static String json() {
        try {
            return Json.pretty().writeValueAsString(document());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the OpenAPI description cannot be written", e);
        }
    }

    public static OpenAPI document() {
        OpenApiConventions.install();
        Components components = new Components()
                .addSecuritySchemes(
                        OpenApiConventions.BEARER,
                        new SecurityScheme()
                                .type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")
                                .bearerFormat("JWT")
                                .description("The access token of POST /v1/sessions or of sign-up"));
        ModelConverters.getInstance().read(ErrorView.class).forEach(components::addSchemas);
        OpenAPI api = new OpenAPI()
                .info(new Info()
                        .title("widefeed")
                        .version("v1")
                        .description(
                                "A Weibo/Twitter-style social backend. Ids are decimal strings; lists take limit (1..100, "
                                        + "default 20) and an opaque cursor and answer {items, next}. Every error is "
                                        + "{code, message, errors?}; each operation lists the statuses it answers."))
                .components(components);
        SwaggerConfiguration configuration = new SwaggerConfiguration()
                .openAPI(api)
                .resourcePackages(Set.of(OpenApiDescription.class.getPackageName()))
                .sortOutput(true);
        Set<Class<?>> resources = new LinkedHashSet<>();
        new JaxrsAnnotationScanner<>()
                .openApiConfiguration(configuration).classes().stream()
                        .sorted(Comparator.comparing(Class::getName))
                        .forEach(resources::add);
        OpenAPI read = new Reader(configuration).read(resources);
        read.setPaths(sortedPaths(read));
        // The reader gives every answer the operation's media type, a 204 included: it has no body.
        read.getPaths()
                .values()
                .forEach(path -> path.readOperations().forEach(operation -> {
                    io.swagger.v3.oas.models.responses.ApiResponse none =
                            operation.getResponses().get("204");
                    if (none != null) {
                        none.setContent(null);
                    }
                }));
        return read;
    }

    private static io.swagger.v3.oas.models.Paths sortedPaths(OpenAPI api) {
        io.swagger.v3.oas.models.Paths paths = new io.swagger.v3.oas.models.Paths();
        new TreeMap<>(api.getPaths()).forEach(paths::addPathItem);
        return paths;
    }
}
