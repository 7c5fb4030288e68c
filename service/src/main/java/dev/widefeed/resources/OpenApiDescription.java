package dev.widefeed.resources;

import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.Set;

/** What the generated OpenAPI description says about the API as a whole. */
public final class OpenApiDescription {
    private OpenApiDescription() {}

    public static OpenApiResource resource() {
        OpenAPI api = new OpenAPI()
                .info(
                        new Info()
                                .title("widefeed")
                                .version("v1")
                                .description(
                                        "A Weibo/Twitter-style social backend. Ids are decimal strings; lists take limit (1..100, "
                                                + "default 20) and an opaque cursor and answer {items, next}. Errors are "
                                                + "{code, message, errors?}: 400 malformed, 401 no/invalid token, 403 acting for "
                                                + "someone else, 404 unknown or invisible, 409 conflict, 413 body too large, "
                                                + "422 invalid value or unknown field, 429 too many requests, 503 store unavailable."))
                .components(new Components()
                        .addSecuritySchemes(
                                "bearer",
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer")
                                        .bearerFormat("JWT")));
        OpenApiResource resource = new OpenApiResource();
        resource.openApiConfiguration(new SwaggerConfiguration()
                .openAPI(api)
                .prettyPrint(true)
                .resourcePackages(Set.of(OpenApiDescription.class.getPackageName())));
        return resource;
    }
}
