package io.csc.experiment;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG plots of quality against the amount of supervision, drawn with XChart: for one data set, a
 * panel per measure side by side, one line per method with error bars of one standard deviation,
 * unconstrained methods as dashed horizontal lines across the amounts. Points with no successful
 * run are left out; the legend is on the right of each panel. Lines are nudged apart sideways by a small fraction of the axis so that their
 * error bars do not hide each other. Rendering is headless.
 */
public final class QualityPlot {

    /** The width of one panel in pixels, its legend on the right included. */
    public static final int PANEL_WIDTH = 760;
    /** The height of a panel, and of the image, in pixels. */
    public static final int PANEL_HEIGHT = 440;

    /** Colour-blind-safe colours (Okabe and Ito), then a few more. */
    private static final Color[] COLORS = {
        new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7), new Color(0xE69F00),
        new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442), new Color(0x7F3C8D), new Color(0x8C564B),
        new Color(0x17BECF), new Color(0x7F7F7F)
    };
    private static final Marker[] MARKERS = {
        SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP,
        SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS, SeriesMarkers.OVAL
    };
    private static final BasicStroke SOLID = new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
            new float[] {8f, 5f}, 0f);
    /** Sideways offset between neighbouring lines, as a share of the x range. */
    private static final double NUDGE = 0.008;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private QualityPlot() {
    }

    /** The size in pixels of an image of {@code panels} panels: {width, height}. */
    public static int[] imageSize(int panels) {
        return new int[] {PANEL_WIDTH * panels, PANEL_HEIGHT};
    }

    /**
     * Writes the plot of {@code dataset} in {@code table} to {@code file} as PNG, one panel per
     * measure (creating the file's folder).
     *
     * @throws IllegalArgumentException if the table has no row of {@code dataset} or no measure is given
     */
    public static void write(Path file, ResultTable table, String dataset, List<Measure> measures) throws IOException {
        List<XYChart> charts = charts(table, dataset, measures);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(charts, 1, charts.size(), out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    /** One chart per measure for {@code dataset}. */
    static List<XYChart> charts(ResultTable table, String dataset, List<Measure> measures) {
        List<ResultRow> rows = table.rowsOf(dataset);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("No results for the data set " + dataset + " to plot");
        }
        if (measures.isEmpty()) {
            throw new IllegalArgumentException("No measure to plot: give at least one, e.g. acc");
        }
        List<XYChart> charts = new ArrayList<>();
        for (Measure measure : measures) {
            charts.add(chart(rows, dataset, measure));
        }
        return charts;
    }

    private static XYChart chart(List<ResultRow> rows, String dataset, Measure measure) {
        List<SupervisionAmount> amounts = rows.stream().map(ResultRow::amount).filter(Objects::nonNull)
                .distinct().sorted().toList();
        boolean fractions = !amounts.isEmpty() && amounts.get(0).fraction();
        SupervisionKind kind = SupervisionKind.parse(rows.get(0).kind());
        int runs = rows.stream().mapToInt(ResultRow::runs).max().orElse(0);
        XYChart chart = new XYChartBuilder().width(PANEL_WIDTH).height(PANEL_HEIGHT)
                .title(dataset + ": " + measure.label() + (measure.higherIsBetter() ? " (higher is better)" : " (lower is better)"))
                .xAxisTitle(fractions ? kind.unit() + " (% of the points)" : kind.unit())
                .yAxisTitle(measure.label() + ", mean ± std over " + runs + " runs")
                .build();
        style(chart);
        double[] xs = amounts.isEmpty() ? new double[] {0} : amounts.stream().mapToDouble(amount -> x(amount)).toArray();
        double low = xs[0];
        double high = xs[xs.length - 1];
        double range = high > low ? high - low : Math.max(1, Math.abs(low) * 0.5);
        chart.getStyler().setXAxisMin(high > low ? low - 0.05 * range : low - range / 2);
        chart.getStyler().setXAxisMax(high > low ? high + 0.05 * range : high + range / 2);
        List<String> algorithms = rows.stream().map(ResultRow::algorithm).distinct().toList();
        int drawn = 0;
        for (int index = 0; index < algorithms.size(); index++) {
            String algorithm = algorithms.get(index);
            List<ResultRow> series = rows.stream().filter(row -> row.algorithm().equals(algorithm)).toList();
            boolean constrained = series.get(0).constrained();
            double offset = (index - (algorithms.size() - 1) / 2.0) * NUDGE * range;
            List<double[]> points = new ArrayList<>();
            if (constrained) {
                for (ResultRow row : series) {
                    Summary summary = row.summary(measure);
                    if (summary.hasValues() && Double.isFinite(summary.mean())) {
                        points.add(new double[] {x(row.amount()) + offset, summary.mean(), finite(summary.standardDeviation())});
                    }
                }
                points.sort((a, b) -> Double.compare(a[0], b[0]));
            } else {
                Summary summary = series.get(0).summary(measure);
                if (summary.hasValues() && Double.isFinite(summary.mean())) {
                    for (double x : xs) {
                        points.add(new double[] {x + offset, summary.mean(), finite(summary.standardDeviation())});
                    }
                }
            }
            if (points.isEmpty()) {
                continue;
            }
            XYSeries line = chart.addSeries(constrained ? algorithm : algorithm + " (unconstrained)",
                    points.stream().mapToDouble(point -> point[0]).toArray(),
                    points.stream().mapToDouble(point -> point[1]).toArray(),
                    points.stream().mapToDouble(point -> point[2]).toArray());
            Color color = COLORS[index % COLORS.length];
            line.setLineColor(color);
            line.setMarkerColor(color);
            line.setLineStyle(constrained ? SOLID : DASHED);
            line.setMarker(MARKERS[index % MARKERS.length]);
            drawn++;
        }
        if (drawn == 0) {
            chart.setTitle(chart.getTitle() + ": every run failed");
            chart.addSeries("no successful run", new double[] {xs[0]}, new double[] {0});
        }
        return chart;
    }

    private static void style(XYChart chart) {
        Styler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(new Color(0x999999));
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendLayout(Styler.LegendLayout.Vertical);
        styler.setLegendBorderColor(new Color(0xDDDDDD));
        styler.setChartTitleBoxVisible(false);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setMarkerSize(8);
        styler.setAntiAlias(true);
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.getStyler().setPlotGridLinesColor(new Color(0xDDDDDD));
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        chart.getStyler().setXAxisDecimalPattern("0.##");
    }

    private static double x(SupervisionAmount amount) {
        return amount.fraction() ? amount.value() * 100 : amount.value();
    }

    private static double finite(double value) {
        return Double.isFinite(value) ? value : 0;
    }
}
