package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import io.swagger.v3.jaxrs2.integration.resources.BaseOpenApiResource;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.ServletConfig;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** The OpenAPI description of this API, generated from the resources' annotations; no token needed. */
@Path("/v1/openapi.json")
@Timed
public class OpenApiResource extends BaseOpenApiResource {
    @Context
    ServletConfig config;

    @Context
    Application application;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Response openApi(@Context HttpHeaders headers, @Context UriInfo uriInfo) throws Exception {
        return getOpenApi(headers, config, application, uriInfo, "json");
    }
}
