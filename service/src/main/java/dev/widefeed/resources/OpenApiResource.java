package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The OpenAPI description of this API ({@link OpenApiDescription}); no token needed. */
@Path("/v1/openapi.json")
@Timed
public class OpenApiResource {
    private final String document = OpenApiDescription.json();

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "This description of the API (OpenAPI 3)")
    @ApiResponse(
            responseCode = "200",
            description = "The OpenAPI document",
            content = @Content(schema = @Schema(type = "object")))
    public String openApi() {
        return document;
    }
}
