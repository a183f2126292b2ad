print("App")
