package dev.widefeed.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The description the service publishes, read from the classes alone as the service builds it. */
class OpenApiDescriptionTest {
    private final OpenAPI api = OpenApiDescription.document();

    @Test
    void dump() throws IOException {
        String out = System.getProperty("widefeed.openapi.out");
        if (out != null) {
            Files.writeString(Path.of(out), OpenApiDescription.json());
        }
    }

    @Test
    void theSignedInUserIsNeitherABodyNorAParameter() {
        assertThat(api.getComponents().getSchemas()).doesNotContainKey("UserPrincipal");
        Operation home = api.getPaths().get("/v1/users/{id}/home").getGet();
        assertThat(home.getRequestBody()).isNull();
        assertThat(home.getSecurity()).hasSize(1);
        Operation post = api.getPaths().get("/v1/posts").getPost();
        assertThat(post.getRequestBody()
                        .getContent()
                        .get("application/json")
                        .getSchema()
                        .get$ref())
                .isEqualTo("#/components/schemas/PostRequest");
    }

    @Test
    void aNoContentAnswerHasNoBodyAsServed() throws Exception {
        com.fasterxml.jackson.databind.JsonNode served =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(OpenApiDescription.json());
        assertThat(served.at("/paths/~1v1~1users~1{id}~1following~1{target}/put/responses/204/content")
                        .isMissingNode())
                .isTrue();
    }

    @Test
    void everyOperationSaysItsSuccessAndItsErrors() {
        List<String> missing = new ArrayList<>();
        operations().forEach((name, operation) -> {
            if (operation.getResponses().keySet().stream().noneMatch(s -> s.startsWith("2"))) {
                missing.add(name + ": no success status");
            }
            operation.getResponses().forEach((status, response) -> {
                if (!status.equals("204")
                        && (response.getContent() == null
                                || response.getContent().isEmpty())) {
                    missing.add(name + " " + status + ": no body described");
                }
            });
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void operationIdsAreNamesAGeneratedClientCanKeep() {
        List<String> ids =
                operations().values().stream().map(Operation::getOperationId).toList();
        assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id.matches("[a-z][A-Za-z]+"), "a plain lowerCamel name");
    }

    @Test
    void everyViewHasASchemaNameOfItsOwn() {
        // Swagger names a schema by its class's simple name: two nested Counts would be one schema, one of them lost.
        Map<String, List<String>> byName = new java.util.TreeMap<>();
        new com.tngtech.archunit.core.importer.ClassFileImporter()
                .importPackages("dev.widefeed.api").stream()
                        .filter(c -> c.isRecord())
                        .forEach(c -> byName.computeIfAbsent(
                                        c.tryGetAnnotationOfType(io.swagger.v3.oas.annotations.media.Schema.class)
                                                .map(io.swagger.v3.oas.annotations.media.Schema::name)
                                                .filter(n -> !n.isEmpty())
                                                .orElse(c.getSimpleName()),
                                        n -> new ArrayList<>())
                                .add(c.getName()));
        assertThat(byName)
                .allSatisfy((name, classes) -> assertThat(classes).as(name).hasSize(1));
        assertThat(api.getComponents().getSchemas().get("PostCounts").getProperties())
                .containsKey("likes");
    }

    private Map<String, Operation> operations() {
        Map<String, Operation> all = new java.util.TreeMap<>();
        api.getPaths()
                .forEach((path, item) -> item.readOperationsMap()
                        .forEach((PathItem.HttpMethod method, Operation op) -> all.put(method + " " + path, op)));
        return all;
    }
}
