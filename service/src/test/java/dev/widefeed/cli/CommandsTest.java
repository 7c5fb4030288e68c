package dev.widefeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.WidefeedApplication;
import dev.widefeed.WidefeedConfiguration;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.cli.ConfiguredCommand;
import io.dropwizard.core.setup.Bootstrap;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every command that reads the configuration file reads it as the service's own, storage and all. */
class CommandsTest {
    @Test
    void everyConfiguredCommandParsesTheServicesConfiguration() {
        WidefeedApplication application = new WidefeedApplication();
        Bootstrap<WidefeedConfiguration> bootstrap = new Bootstrap<>(application);
        application.initialize(bootstrap);

        List<Command> configured = bootstrap.getCommands().stream()
                .filter(c -> c instanceof ConfiguredCommand<?>
                        && !c.getName().equals("server")
                        && !c.getName().equals("check"))
                .toList();

        assertThat(configured)
                .extracting(Command::getName)
                .contains("schema", "token", "handles", "export", "reconcile");
        for (Command command : configured) {
            assertThat(command).as(command.getName()).isInstanceOf(TypedCommand.class);
            assertThat(((TypedCommand<?>) command).getConfigurationClass())
                    .as(command.getName())
                    .isEqualTo(WidefeedConfiguration.class);
        }
    }
}
