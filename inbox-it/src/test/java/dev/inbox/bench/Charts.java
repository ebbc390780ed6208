package dev.inbox.bench;

import jakarta.json.JsonObject;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The report's charts: throughput by path, latency percentiles of the inbox against the plain MDB,
 * throughput against the body's size and against the MDB's concurrency. Every label is spelled out,
 * and the series take the Okabe-Ito palette, which readers with any common colour-vision deficiency
 * tell apart.
 */
final class Charts {

  /** Okabe and Ito's eight colours, black last. */
  private static final Paint[] PALETTE = {
    new Color(0x0072B2),
    new Color(0xE69F00),
    new Color(0x009E73),
    new Color(0xCC79A7),
    new Color(0x56B4E9),
    new Color(0xD55E00),
    new Color(0xF0E442),
    Color.BLACK
  };

  /** The latency results' percentiles: the label and the key's suffix. */
  private static final List<String[]> PERCENTILES =
      List.of(
          new String[] {"p50", "P50Ms"},
          new String[] {"p90", "P90Ms"},
          new String[] {"p99", "P99Ms"},
          new String[] {"p99.9", "P999Ms"},
          new String[] {"max", "MaxMs"});

  private Charts() {}

  /** Each path's median messages per second, a bar per cell. */
  static void throughput(List<JsonObject> runs, Path file) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (JsonObject run : runs) {
      Map<String, Double> median = Report.medians(run);
      for (String path : Report.PATHS) {
        if (median.containsKey(path)) {
          data.addValue(median.get(path), run.getString("cell"), label(path));
        }
      }
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            "Median messages (or transactions) per second, by path, " + machine(runs),
            null,
            "messages per second",
            data,
            PlotOrientation.HORIZONTAL,
            true,
            false,
            false);
    save(bars(chart), file, 1200, 700);
  }

  /**
   * Producer-to-commit latency at the percentiles, the inbox's and the plain MDB's at the same rate
   * (half the inbox's peak). No file for runs that measured no plain MDB latency.
   */
  static void latency(List<JsonObject> runs, Path file) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (JsonObject run : runs) {
      if (!run.containsKey("plainLatencyP50Ms")) {
        continue;
      }
      String rate =
          String.format(
              Locale.ROOT, " at %.0f/s", run.getJsonNumber("latencyTargetPerSecond").doubleValue());
      for (String[] percentile : PERCENTILES) {
        add(data, run, "latency", run.getString("cell") + ": inbox" + rate, percentile);
        add(data, run, "plainLatency", run.getString("cell") + ": plain MDB" + rate, percentile);
      }
    }
    if (data.getRowCount() == 0) {
      return;
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            "Latency, producer's send to the delivery's commit, at half the inbox's peak rate",
            "percentile",
            "milliseconds",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    save(bars(chart), file, 1200, 600);
  }

  /**
   * Messages per second of the inbox and the plain MDB against the body's size, both axes
   * logarithmic. No file for runs without payload passes.
   */
  static void payloadSizes(List<JsonObject> runs, Path file) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (JsonObject run : runs) {
      XYSeries inbox = new XYSeries(run.getString("cell") + ": inbox");
      XYSeries plain = new XYSeries(run.getString("cell") + ": plain MDB");
      Report.medians(run)
          .forEach(
              (path, perSecond) -> {
                Matcher payload = Report.PAYLOAD_PATH.matcher(path);
                if (payload.matches()) {
                  double kib = Integer.parseInt(payload.group(2)) / 1024.0;
                  (payload.group(1).equals("inbox") ? inbox : plain).add(kib, perSecond);
                }
              });
      if (!inbox.isEmpty()) {
        data.addSeries(inbox);
        data.addSeries(plain);
      }
    }
    if (data.getSeriesCount() == 0) {
      return;
    }
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            "Messages per second against the body's size, " + machine(runs),
            "body size, KiB (logarithmic)",
            "messages per second (logarithmic)",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    XYPlot plot = chart.getXYPlot();
    plot.setDomainAxis(doublings("body size, KiB (logarithmic)"));
    plot.setRangeAxis(doublings("messages per second (logarithmic)"));
    save(lines(chart), file, 1000, 600);
  }

  /**
   * Messages per second of the inbox and the plain MDB against the inbox MDB's deliveries at once,
   * from the concurrency series (a run per concurrency), the concurrency's axis logarithmic.
   */
  static void concurrency(List<JsonObject> series, Path file) {
    XYSeriesCollection data = new XYSeriesCollection();
    Report.byCell(series)
        .forEach(
            (cell, runs) -> {
              XYSeries inbox = new XYSeries(cell + ": inbox");
              XYSeries plain = new XYSeries(cell + ": plain MDB");
              for (JsonObject run : runs) {
                Map<String, Double> median = Report.medians(run);
                inbox.add(run.getInt("concurrency"), median.get("inbox"));
                plain.add(run.getInt("concurrency"), median.get("plain"));
              }
              data.addSeries(inbox);
              data.addSeries(plain);
            });
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            "Messages per second against the MDB's deliveries at once, " + machine(series),
            "deliveries at once (logarithmic)",
            "messages per second",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    chart.getXYPlot().setDomainAxis(doublings("deliveries at once (logarithmic)"));
    save(lines(chart), file, 1000, 600);
  }

  /** Lines with a mark at each point, thick enough to tell apart. */
  private static JFreeChart lines(JFreeChart chart) {
    XYPlot plot = chart.getXYPlot();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    renderer.setDefaultStroke(new BasicStroke(2f));
    renderer.setAutoPopulateSeriesStroke(false);
    plot.setRenderer(renderer);
    return legible(chart, plot);
  }

  /** A logarithmic axis with a tick at every doubling, in plain numbers. */
  private static LogAxis doublings(String label) {
    LogAxis axis = new LogAxis(label);
    axis.setBase(2);
    axis.setTickUnit(new NumberTickUnit(1));
    axis.setNumberFormatOverride(new DecimalFormat("#,##0"));
    return axis;
  }

  /** A throughput path as a reader would name it. */
  private static String label(String path) {
    return switch (path) {
      case "broker" -> "broker alone: receive and acknowledge (ceiling)";
      case "database" -> "database alone: two-row commits (ceiling)";
      case "plain" -> "plain MDB, the same business row";
      case "inbox" -> "inbox, new messages";
      case "duplicate" -> "inbox, duplicates";
      case "stored-intake" -> "store-then-process, intake";
      case "stored" -> "store-then-process, end to end";
      case "intake-without-sweep" -> "inbox, retention sweep idle";
      case "intake-during-sweep" -> "inbox, during a retention sweep";
      case "inbox-small-before" -> "inbox, small table before the fill";
      case "inbox-big-table" -> "inbox, big table";
      case "inbox-small-after" -> "inbox, small table after the fill";
      default -> path;
    };
  }

  private static void add(
      DefaultCategoryDataset data, JsonObject run, String key, String series, String[] percentile) {
    String result = key + percentile[1];
    if (run.containsKey(result)) {
      data.addValue(run.getJsonNumber(result).doubleValue(), series, percentile[0]);
    }
  }

  /** The machine the runs measured, as the last run says it. */
  private static String machine(List<JsonObject> runs) {
    JsonObject run = runs.get(runs.size() - 1);
    return run.getInt("cores") + " cores, " + run.getString("database");
  }

  /** Flat bars, no shadow: the colour is the series. */
  private static JFreeChart bars(JFreeChart chart) {
    CategoryPlot plot = chart.getCategoryPlot();
    BarRenderer renderer = (BarRenderer) plot.getRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    return legible(chart, plot);
  }

  /** White ground, grey grid lines, the palette. */
  private static JFreeChart legible(JFreeChart chart, Plot plot) {
    chart.setBackgroundPaint(Color.WHITE);
    plot.setBackgroundPaint(Color.WHITE);
    if (plot instanceof CategoryPlot category) {
      category.setRangeGridlinePaint(Color.GRAY);
    } else if (plot instanceof XYPlot xy) {
      xy.setRangeGridlinePaint(Color.GRAY);
      xy.setDomainGridlinePaint(Color.GRAY);
    }
    plot.setDrawingSupplier(
        new DefaultDrawingSupplier(
            PALETTE,
            DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE,
            DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE,
            DefaultDrawingSupplier.DEFAULT_STROKE_SEQUENCE,
            DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE,
            DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE));
    return chart;
  }

  private static void save(JFreeChart chart, Path file, int width, int height) {
    try {
      ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the chart " + file, e);
    }
  }
}
