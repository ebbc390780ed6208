package dev.inbox.it.scenarios;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The scenarios, under /scenarios of the test WAR. */
@ApplicationPath("scenarios")
public class ScenarioApplication extends Application {}
